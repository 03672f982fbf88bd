-- Reference data: the fixed category ids of public-site.md §9.
INSERT INTO categories (id, name, slug, description, kind) VALUES
  (17, 'Trending Analysis', 'trending-analysis', 'AI analysis of the coins with the strongest social momentum, by market-cap rank band.', 'news'),
  (18, 'Daily Roundup', 'daily-roundup', 'The day in crypto: market moves and social sentiment, written every morning.', 'news'),
  (19, 'Crypto 101', 'crypto-101', 'Plain-English guides to crypto.', 'guide'),
  (20, 'Getting Started', 'getting-started', 'First steps: what crypto is, wallets, and buying safely.', 'guide'),
  (21, 'Security & Safety', 'security-safety', 'Protect your keys, your accounts and yourself from scams.', 'guide'),
  (22, 'Trading & Investing', 'trading-investing', 'Reading markets, managing risk and thinking long term.', 'guide'),
  (23, 'Advanced Topics', 'advanced-topics', 'How blockchains, DeFi and on-chain analysis work under the hood.', 'guide')
ON CONFLICT (id) DO UPDATE SET name = excluded.name, slug = excluded.slug, description = excluded.description, kind = excluded.kind;
