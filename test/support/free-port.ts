import { freePortOn } from '../../platform/free-port';

export const freePort = () => freePortOn('127.0.0.1');
