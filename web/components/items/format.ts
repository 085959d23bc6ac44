/** A spec type (`StateResource`, `ContextExtension`, …) as words: 'State Resource'. */
export const typeLabel = (type: string) => type.replace(/([a-z])([A-Z])/g, '$1 $2');
