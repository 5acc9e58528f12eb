-- Temporal's own schemas live beside Tessera's database in the same PostgreSQL server.
create database temporal;
create database temporal_visibility;
