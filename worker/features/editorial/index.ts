/** The editors' desk's public face (docs/decisions/architecture/feature-faces.md). */

export { ArticlePresence } from "./article-presence.ts";
export { editorialAdminRoutes, editorialArticleRoutes, editorialDevRoutes } from "./editorial.routes.ts";
export { resumeOverdue } from "./schedule-store.ts";
export { PublishScheduleWorkflow } from "./schedule-workflow.ts";
export { editorialTagRoutes } from "./tags.routes.ts";
