-- Withdrawals keep the analytics context their calls carry (SPEC.md section 7: `page_path` and `trigger` on
-- `POST /v1/withdrawal` and `DELETE /v1/withdrawal/{id}`; docs/decisions/032-spec-server-items.md): where the creator
-- asked for the withdrawal and with which control, and where they cancelled it. NULL when the call did not send them
-- (and for every withdrawal made before this migration).
ALTER TABLE withdrawals ADD COLUMN request_page_path TEXT;
ALTER TABLE withdrawals ADD COLUMN request_trigger TEXT;
ALTER TABLE withdrawals ADD COLUMN cancel_page_path TEXT;
ALTER TABLE withdrawals ADD COLUMN cancel_trigger TEXT;
