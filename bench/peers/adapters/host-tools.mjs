// The host side of every peer's tools: the same two functions the engine benchmark uses.
export const echo = async ({ i }) => ({ i });
export const sleep = ({ i, ms }) => new Promise((resolve) => setTimeout(() => resolve({ i }), ms));
