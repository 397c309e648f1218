#!/usr/bin/env node
// Starts the built server (apps/server/dist); `npm start` at the root builds it first.
import "../dist/main.js";
