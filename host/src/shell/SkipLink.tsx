// WCAG 2.4.1 (bypass blocks): the first Tab stop of the shell skips the header and the side
// navigation (the content was the 24th stop). Hidden until focused; it moves focus itself rather
// than following the fragment, which the router would treat as a navigation.
import { chakra } from '@chakra-ui/react';
import type { MouseEvent } from 'react';

/** The id of the shell's `<main>`, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.({ block: 'start' });
  };
  return (
    <chakra.a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      position="absolute"
      left={2}
      top={2}
      zIndex="skipNav"
      px={4}
      py={2}
      borderRadius="md"
      bg="bg.panel"
      color="fg"
      fontWeight="medium"
      boxShadow="md"
      transform="translateY(-200%)"
      focusVisibleRing="outside"
      _focus={{ transform: 'none' }}
    >
      Skip to main content
    </chakra.a>
  );
}
