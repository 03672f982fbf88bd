import type { MappingBody } from "#schema/contracts/charts.ts";
import { toast } from "#web/components/ui/toast.tsx";
import { type SaveResult, saveMapping } from "#web/lib/chart-mapping.ts";

/**
 * Saves a mapping and tells the admin how it went, the same way on the coin page and in the Chart
 * Mappings tab: refused (stored nowhere; the form shows each message by its field), kept in this
 * browser only (assistant-plans-admin.md §8: the server failed or could not be reached), or saved.
 * Not in chart-mapping-form.tsx: the coin page loads the form in a chunk of its own, later.
 */
export async function saveMappingAndTell(body: MappingBody, savedText: string): Promise<SaveResult> {
  const result = await saveMapping(body);
  if (result.outcome === "refused") {
    toast({ title: "Error", description: `Mapping not saved: ${result.error}`, variant: "destructive" });
  } else if (result.outcome === "local") {
    toast({ title: "Error", description: `Saved in this browser only: ${result.error}`, variant: "destructive" });
  } else {
    toast({ title: "Success", description: savedText });
  }
  return result;
}
