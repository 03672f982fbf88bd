import { auditInTheme } from "./axe-audit.ts";

auditInTheme("dark", "trending_301_500");
