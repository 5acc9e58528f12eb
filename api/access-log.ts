// One access-log line a request, written once its answer has gone: the method, URL and peer of the
// request, its status and how long it took. Fastify's default writes two lines (one on arrival,
// one on completion) whose only common field is the request id; the second line alone was
// unreadable without the first, and every line costs a serialization, a redaction pass and a
// write on the api's one thread. A request that never completes (the process dies mid-way)
// leaves no line, as an access log of a web server does; its errors are logged where they
// happen. Routes that ask for a quieter log level (the metrics scrape) keep it.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
