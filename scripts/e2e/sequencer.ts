import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The e2e files share one running site, and some journeys change what others see (content's
 * empty states must come before any news is written), so they run in file-name order everywhere:
 * vitest's default order depends on cached timings and file sizes, which differ on a fresh clone.
 * The other projects keep the default (slowest first).
 */
export class E2eInNameOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isE2e = (spec: TestSpecification) => spec.project.name === "e2e";
    const e2e = sorted.filter(isE2e).sort((a, b) => a.moduleId.localeCompare(b.moduleId));
    return sorted.map((spec) => (isE2e(spec) ? (e2e.shift() as TestSpecification) : spec));
  }
}
