/** Resolves in a new task: the browser can paint and answer input before the code after it runs. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
