-- pgbench's reference for POST /v1/invoices: the same writes, one plain statement each, never tuned.
\set n random(1, 9000000000000000000)
BEGIN;
INSERT INTO invoices (account_id, livemode, id, number, financial_year, seq, number_format, date, status, party_id, party,
  place_of_supply, supply_type, reverse_charge, sgst_label, taxable_value, cgst, sgst, igst, cess, round_off, total)
  VALUES (:account, false, 'inv_ref_' || :n || '_' || :client_id, 'REF/' || :n || '/' || :client_id, '2026-27', 1,
  'REF/{FY}/{SEQ}', '2026-11-22', 'issued', :party, '{"name":"Sharma Electronics"}', '27', 'inter_state', false, 'SGST', 300, 0, 0, 54, 0, 0, 354);
INSERT INTO invoice_items (account_id, livemode, invoice_id, line_no, product_id, sku, description, hsn_code, unit, qty, rate, gross, discount, taxable_value, gst_rate, cess_rate, cgst, sgst, igst, cess, total)
  VALUES (:account, false, 'inv_ref_' || :n || '_' || :client_id, 1, :p1, 'B-1', 'Item', '96081019', 'NOS', 1, 100, 100, 0, 100, 18, 0, 0, 0, 18, 0, 118);
INSERT INTO invoice_items (account_id, livemode, invoice_id, line_no, product_id, sku, description, hsn_code, unit, qty, rate, gross, discount, taxable_value, gst_rate, cess_rate, cgst, sgst, igst, cess, total)
  VALUES (:account, false, 'inv_ref_' || :n || '_' || :client_id, 2, :p2, 'B-2', 'Item', '96081019', 'NOS', 1, 100, 100, 0, 100, 18, 0, 0, 0, 18, 0, 118);
INSERT INTO invoice_items (account_id, livemode, invoice_id, line_no, product_id, sku, description, hsn_code, unit, qty, rate, gross, discount, taxable_value, gst_rate, cess_rate, cgst, sgst, igst, cess, total)
  VALUES (:account, false, 'inv_ref_' || :n || '_' || :client_id, 3, :p3, 'B-3', 'Item', '96081019', 'NOS', 1, 100, 100, 0, 100, 18, 0, 0, 0, 18, 0, 118);
UPDATE products SET stock_on_hand = stock_on_hand - 1 WHERE account_id = :account AND livemode = false AND id = :p1;
UPDATE products SET stock_on_hand = stock_on_hand - 1 WHERE account_id = :account AND livemode = false AND id = :p2;
UPDATE products SET stock_on_hand = stock_on_hand - 1 WHERE account_id = :account AND livemode = false AND id = :p3;
INSERT INTO events (account_id, livemode, id, type, data)
  VALUES (:account, false, 'evt_ref_' || :n || '_' || :client_id, 'invoice.created', '{"object":{}}');
COMMIT;
