// A tool module whose import fails, for the discovery isolation test.
throw new Error('this module cannot be imported');

export function registerTools(): void {}
