package io.strata.testsupport;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One keep-alive HTTP/1.1 connection to localhost writing requests byte by byte, without a client
 * library's overhead: fuzz tests send thousands of requests on one or two of these. Reads answers
 * framed by Content-Length or chunked (RFC 9112 sections 6.3 and 7.1), and reopens the socket when
 * an answer says {@code Connection: close}.
 */
public final class RawHttpConnection implements AutoCloseable {

  /** An answer: status and body text (UTF-8). */
  public record Answer(int status, String body) {}

  private final int port;
  private Socket socket;
  private OutputStream out;
  private InputStream in;

  public RawHttpConnection(int port) throws IOException {
    this.port = port;
    open();
  }

  /**
   * Sends one request and reads its answer. {@code headers} are name, value pairs; a pair whose
   * value is null is left out. Host and Content-Length are always sent.
   */
  public Answer send(String method, String path, byte[] body, String... headers)
      throws IOException {
    if (headers.length % 2 != 0) {
      throw new IllegalArgumentException("headers come in name, value pairs");
    }
    StringBuilder head =
        new StringBuilder()
            .append(method)
            .append(' ')
            .append(path)
            .append(" HTTP/1.1\r\nHost: localhost:")
            .append(port)
            .append("\r\nContent-Length: ")
            .append(body.length)
            .append("\r\n");
    for (int i = 0; i < headers.length; i += 2) {
      if (headers[i + 1] != null) {
        head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
      }
    }
    head.append("\r\n");
    out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    out.write(body);
    out.flush();
    return read();
  }

  private void open() throws IOException {
    socket = new Socket("localhost", port);
    socket.setTcpNoDelay(true);
    // A server that stops answering fails the read instead of hanging the test.
    socket.setSoTimeout(30_000);
    out = socket.getOutputStream();
    in = new BufferedInputStream(socket.getInputStream());
  }

  private Answer read() throws IOException {
    String status = line();
    int code = Integer.parseInt(status.split(" ", 3)[1]);
    int length = -1;
    boolean chunked = false;
    boolean closing = false;
    for (String header = line(); !header.isEmpty(); header = line()) {
      int colon = header.indexOf(':');
      String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
      String value = header.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
      switch (name) {
        case "content-length" -> length = Integer.parseInt(value);
        case "transfer-encoding" -> chunked = value.endsWith("chunked");
        case "connection" -> closing = value.equals("close");
        default -> {}
      }
    }
    byte[] body;
    if (chunked) {
      body = chunks();
    } else if (length >= 0) {
      body = exactly(length);
    } else if (code == 204 || code == 304) {
      body = new byte[0];
    } else {
      throw new IOException("answer framed by neither Content-Length nor chunks: " + status);
    }
    if (closing) {
      socket.close();
      open();
    }
    return new Answer(code, new String(body, StandardCharsets.UTF_8));
  }

  /** A chunked body: hex size lines (';' extensions ignored), then trailers to a blank line. */
  private byte[] chunks() throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    for (int size = chunkSize(); size > 0; size = chunkSize()) {
      body.write(exactly(size));
      line();
    }
    while (!line().isEmpty()) {
      // trailer fields, unused
    }
    return body.toByteArray();
  }

  private byte[] exactly(int length) throws IOException {
    byte[] bytes = in.readNBytes(length);
    if (bytes.length < length) {
      throw new IOException("connection closed mid-body");
    }
    return bytes;
  }

  private int chunkSize() throws IOException {
    String size = line();
    int semicolon = size.indexOf(';');
    return Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
  }

  private String line() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream(64);
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new IOException("connection closed mid-answer");
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.ISO_8859_1);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
