import { createMemorySessionStore } from "../index.js";
import { describeSessionStoreContract } from "./describe-session-store-contract.js";

describeSessionStoreContract("createMemorySessionStore", () => ({ store: createMemorySessionStore() }));
