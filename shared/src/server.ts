// The React-free part of the contract, for the API (Node): the same catalogue, schemas and route
// table the browser uses, so client and server never disagree.
export * from './navigation/routes';
