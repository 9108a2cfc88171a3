// The administration screens show every failure in place (next to the form or list it concerns),
// so their calls skip the generic 'Error' notice dialog that would say the same thing twice. What
// such a failure says is @portal/shared's problemText.
export const IN_PLACE_ERRORS = { notices: false } as const;
