/** Markdown rendered to HTML when the app is built (scripts/build/markdown-html.ts). */
declare module "*.md?html" {
  const html: string;
  export default html;
}
