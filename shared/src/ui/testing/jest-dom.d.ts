// The DOM matchers (toBeInTheDocument, toBeDisabled, …) are installed by jest.setup-dom.cjs; this
// brings their types into the type-check of the component tests.
/// <reference types="@testing-library/jest-dom" />
