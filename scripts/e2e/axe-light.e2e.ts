import { auditInTheme } from "./axe-audit.ts";

auditInTheme("light", "daily_roundup");
