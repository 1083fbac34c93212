// Fills a bench database (already seeded with the demo company, its server stopped) with the
// costing lines the re-pricing rows measure (decision 352): one pipe material used by
// BENCH_OPEN_ESTIMATIONS open estimations (draft and submitted in turn) × BENCH_PRODUCTS products ×
// BENCH_LINES lines, plus one approved estimation of as many products that re-pricing must leave
// alone. Products and estimations are totalled by the costing store, as the API leaves them.
// Prints one JSON line: the material, its category and the lines of open estimations.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase, queryRows } from '../server/db/client';
import { recostProducts } from '../server/modules/estimations/costing-store';

const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent', DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
const open = Number(process.env.BENCH_OPEN_ESTIMATIONS ?? '10');
const products = Number(process.env.BENCH_PRODUCTS ?? '10');
const lines = Number(process.env.BENCH_LINES ?? '50');
const rate = process.env.BENCH_RATE ?? '48.50';

try {
  const db = database.db;
  const [category] = await queryRows<{ id: number }>(db, sql`INSERT INTO estimation_material_categories (name) VALUES ('bench MS') RETURNING id`);
  const [material] = await queryRows<{ id: number }>(db, sql`INSERT INTO estimation_materials (category, name, unit, rate) VALUES (${category!.id}, 'Bench MS square pipe 25x25', 'FEET', ${rate}) RETURNING id`);
  // Open estimations (draft, submitted, draft, …), then one approved.
  await db.execute(sql`INSERT INTO estimations (customer, title, estimation_date, status)
    SELECT (SELECT min(id) FROM customers), 'Bench estimation ' || n, current_date,
      CASE WHEN n > ${open} THEN 'approved' WHEN n % 2 = 1 THEN 'draft' ELSE 'submitted' END
    FROM generate_series(1, ${open + 1}) AS n`);
  await db.execute(sql`INSERT INTO estimation_products (estimation, name, quantity, overhead_percent)
    SELECT e.id, 'Bench product ' || n, 2, 10 FROM estimations e, generate_series(1, ${products}) AS n WHERE e.title LIKE 'Bench estimation %'`);
  // Quantities 1.25 to 20.25 ft, so the amounts round to the paisa in both directions.
  await db.execute(sql`INSERT INTO estimation_product_details (product, estimation_material, quantity, rate, amount)
    SELECT p.id, ${material!.id}, q.quantity, ${rate}::numeric, round(q.quantity * ${rate}::numeric, 2)
    FROM estimation_products p JOIN estimations e ON e.id = p.estimation,
      LATERAL (SELECT (1.25 + (n % 20))::numeric(14,3) AS quantity FROM generate_series(1, ${lines}) AS n) q
    WHERE e.title LIKE 'Bench estimation %'`);
  const made = await queryRows<{ id: number }>(db, sql`SELECT p.id FROM estimation_products p JOIN estimations e ON e.id = p.estimation WHERE e.title LIKE 'Bench estimation %' ORDER BY p.id`);
  await recostProducts(
    db,
    made.map((p) => p.id),
  );
  await db.execute(sql`ANALYZE`);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM estimation_product_details d JOIN estimation_products p ON p.id = d.product JOIN estimations e ON e.id = p.estimation
      WHERE d.estimation_material = ${material!.id} AND e.status IN ('draft', 'submitted')`,
  );
  console.log(JSON.stringify({ material: material!.id, category: category!.id, openLines: count!.n }));
} finally {
  await database.close();
}
