/** Where the product page's goal and cadence forms post (without scripts: each answers with the page again). */
export const GOAL_FORM_PATH = '/app/products/:id/goals';
export const GOAL_REMOVE_PATH = '/app/products/:id/goals/:goalId/remove';
export const SCHEDULE_FORM_PATH = '/app/products/:id/schedule';

export const goalFormPath = (productId: string) => `/app/products/${productId}/goals`;
export const goalRemovePath = (productId: string, goalId: string) => `/app/products/${productId}/goals/${goalId}/remove`;
export const scheduleFormPath = (productId: string) => `/app/products/${productId}/schedule`;
