import { screenRecipes } from "./chakra-screen-recipes.gen";
import { registerRecipes } from "./system";

/**
 * Recipes of the lazily loaded screens (auth, dashboard, toasts). Each of
 * those chunks imports this module, so the recipes load with the first one.
 */
registerRecipes(screenRecipes);
