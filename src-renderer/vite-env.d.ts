// Vite handles CSS imports and `new URL(..., import.meta.url)` workers; this gives them types.
/// <reference types="vite/client" />
