/**
 * The appliance's log service: the store (SQLite, retention), the live stream and ingestion routes, the syslog
 * receiver, and their wiring into the one-process server.
 */
export { createLogStore, type LogQuery, type LogSink, type LogStore, type LogStoreOptions } from './store';
export { LOG_STREAM_PATH, ingestPath, registerLogRoutes, type LogRouteDeps } from './routes';
export { startSyslogReceiver } from './syslog';
export { createEmbeddedLogs, type EmbeddedLogs } from './mount';
export { LOG_SERVICES, type LogEntry, type StoredLogEntry } from '../../shared/logServices';
export { STREAM_DEFAULTS, type LogStreamHub, type StreamOptions } from './stream';
