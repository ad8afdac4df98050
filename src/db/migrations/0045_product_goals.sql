-- Goals per dimension (issue 28, Outcomes): a target level for one dimension
-- of a product, by a due date. The level at the start is the product's latest
-- score for that dimension when the goal was set (null when it had none), kept
-- so progress is measured from where the team stood. One goal per product and
-- dimension: a new one replaces it. Goes with the account and with the product.
CREATE TABLE product_goals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  dimension_id text NOT NULL,
  target_level integer NOT NULL CHECK (target_level BETWEEN 1 AND 4),
  due_date date NOT NULL,
  start_level integer CHECK (start_level BETWEEN 1 AND 4),
  set_by text NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT product_goals_once UNIQUE (product_id, dimension_id)
);
CREATE INDEX product_goals_account_idx ON product_goals (account_id, product_id);
