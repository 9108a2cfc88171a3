// The addresses of one requirement's screens, and of a task's page (served by mfe-collaboration).
export const detailPath = (id: string) => `/requirements?id=${encodeURIComponent(id)}`;
export const modifyPath = (id: string) => `/requirements/modify?id=${encodeURIComponent(id)}`;
export const addChildPath = (id: string) => `/requirements/add-requirement?parent=${encodeURIComponent(id)}`;
/** A task's own page: its details, history, comments and every action (mfe-collaboration's /view-task). */
export const viewTaskPath = (id: string) => `/view-task?id=${encodeURIComponent(id)}`;
