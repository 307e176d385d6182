// The category menus of §3 ('All', then the server's categories): the voice menu of AI Covers and
// the style menu of AI Headshots, kept fresh on every navigation.
export { CategoryMenu } from './CategoryMenu';
export { ALL_CATEGORY_ID, buildCategoryMenu, categoriesByName, type MenuEntry } from './category-menu';
export { useCategories, usePrefetchCategoriesOnNavigate } from './use-categories';
