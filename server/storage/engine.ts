/** Which database engine a store runs on: SQLite (default, one file) or PostgreSQL (`DATABASE_URL`). */
export type Engine = 'sqlite' | 'postgres';
