// Imported first by the server entry: packages left external (React, Redux Toolkit) read NODE_ENV when loaded.
process.env.NODE_ENV = process.env.NODE_ENV || 'production';
export {};
