// The addresses of one requirement's screens.
export const detailPath = (id: string) => `/requirements?id=${encodeURIComponent(id)}`;
export const modifyPath = (id: string) => `/requirements/modify?id=${encodeURIComponent(id)}`;
export const addChildPath = (id: string) => `/requirements/add-requirement?parent=${encodeURIComponent(id)}`;
