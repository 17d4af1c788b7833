// Adds jest-dom matchers (toBeInTheDocument, ...) for component tests; harmless in node tests.
import '@testing-library/jest-dom/vitest';
