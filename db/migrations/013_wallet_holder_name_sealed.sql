-- A saved card's holder name is the customer's name: sealed like the token's value
-- (db/wallet.ts). `holder_name` stays for tokens saved before, shown as they were.
alter table wallet_tokens add column holder_name_encrypted text;
