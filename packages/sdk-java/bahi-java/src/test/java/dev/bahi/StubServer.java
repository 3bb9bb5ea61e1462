package dev.bahi;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.function.Function;

/** A local HTTP server that answers from a script and records each request it gets. */
final class StubServer implements AutoCloseable {
  /** One scripted answer. */
  static final class Reply {
    int status = 200;
    final Map<String, String> headers = new LinkedHashMap<>();
    String body = "";

    /** Bytes sent instead of {@link #body} (a PDF), when set. */
    byte[] bytes;

    Duration delay = Duration.ZERO;

    /** Send the headers and part of the body, then stall this long before the rest. */
    Duration stallBody = Duration.ZERO;

    static Reply json(int status, String body) {
      Reply reply = new Reply();
      reply.status = status;
      reply.body = body;
      reply.headers.put("Content-Type", "application/json");
      return reply;
    }

    static Reply problem(int status, String code, String extra) {
      Reply reply =
          json(
              status,
              "{\"type\":\"urn:bahi:problem:"
                  + code
                  + "\",\"title\":\"Problem\",\"status\":"
                  + status
                  + ",\"detail\":\"Detail of "
                  + code
                  + "\",\"code\":\""
                  + code
                  + "\",\"request_id\":\"req_123\""
                  + (extra.isEmpty() ? "" : "," + extra)
                  + "}");
      reply.headers.put("Content-Type", "application/problem+json");
      return reply;
    }

    Reply header(String name, String value) {
      headers.put(name, value);
      return this;
    }

    Reply delay(Duration delay) {
      this.delay = delay;
      return this;
    }

    Reply stallBody(Duration stall) {
      this.stallBody = stall;
      return this;
    }
  }

  /** One request as the server saw it. */
  static final class Recorded {
    final String method;
    final String uri;
    final Map<String, List<String>> headers;
    final byte[] body;

    Recorded(HttpExchange exchange, byte[] body) {
      this.method = exchange.getRequestMethod();
      this.uri = exchange.getRequestURI().toString();
      Map<String, List<String>> lower = new LinkedHashMap<>();
      exchange.getRequestHeaders().forEach((k, v) -> lower.put(k.toLowerCase(), v));
      this.headers = lower;
      this.body = body;
    }

    String header(String name) {
      List<String> values = headers.get(name);
      return values == null ? null : values.get(0);
    }

    String body() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  private final HttpServer server;
  private final ConcurrentLinkedQueue<Reply> replies = new ConcurrentLinkedQueue<>();
  private volatile Function<Recorded, Reply> responder;
  final List<Recorded> requests = Collections.synchronizedList(new ArrayList<>());

  StubServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/", this::handle);
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  StubServer reply(Reply... script) {
    Collections.addAll(replies, script);
    return this;
  }

  /** Answers every request not scripted by {@link #reply} from what the request says. */
  StubServer respond(Function<Recorded, Reply> responder) {
    this.responder = responder;
    return this;
  }

  private void handle(HttpExchange exchange) throws IOException {
    byte[] body = exchange.getRequestBody().readAllBytes();
    Recorded recorded = new Recorded(exchange, body);
    requests.add(recorded);
    Reply reply = replies.poll();
    if (reply == null && responder != null) reply = responder.apply(recorded);
    if (reply == null) reply = Reply.problem(500, "no_reply_scripted", "");
    try {
      Thread.sleep(reply.delay.toMillis());
      reply.headers.forEach(exchange.getResponseHeaders()::add);
      byte[] bytes =
          reply.bytes != null ? reply.bytes : reply.body.getBytes(StandardCharsets.UTF_8);
      if (reply.stallBody.isZero()) {
        exchange.sendResponseHeaders(reply.status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) exchange.getResponseBody().write(bytes);
      } else {
        exchange.sendResponseHeaders(reply.status, bytes.length);
        OutputStream out = exchange.getResponseBody();
        out.write(bytes, 0, 1);
        out.flush();
        Thread.sleep(reply.stallBody.toMillis());
        out.write(bytes, 1, bytes.length - 1);
      }
    } catch (InterruptedException | IOException e) {
      // The client gave up (a timeout test): nothing to answer.
    } finally {
      exchange.close();
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
