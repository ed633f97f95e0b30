/** Types of chakra-theme-source.mjs (for the theme test). */
export declare const publicRecipes: { recipes: string[]; slotRecipes: string[] };
export declare const screenRecipes: { recipes: string[]; slotRecipes: string[] };
export declare const themeFiles: Record<string, string>;
