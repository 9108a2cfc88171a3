// The administration screens show a read refused with 403 as NO ACCESS in place (QueryView's
// noAccessOnForbidden: spec 8's 'forbidden' query status), e.g. a process's module configuration
// on the settings screen of a member who may not view it. Their reads keep the rest of GET's
// 'Error' notices (spec 8: 400, 402, 403, 404), so a notice never says the same as the screen.
// Mutations keep the spec's lists as they are.
export const FORBIDDEN_IN_PLACE = { notices: [400, 402, 404] } as const;
