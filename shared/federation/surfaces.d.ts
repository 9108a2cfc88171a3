// The aliases of the federation surfaces (see shared-dependencies.cjs) are the real packages.
declare module 'chakra-ui-react-internal' {
  export * from '@chakra-ui/react';
}

declare module 'react-router-internal' {
  export * from 'react-router';
}
