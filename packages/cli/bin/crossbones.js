#!/usr/bin/env node
import { main } from "../dist/main.js";

process.exitCode = main(process.argv.slice(2));
