package io.strata.traceingest.it;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One keep-alive HTTP/1.1 connection writing requests byte by byte, as Alertmanager's Go client
 * does, without a client library's overhead: the fuzz tests send thousands of requests on two of
 * these. Reads answers framed by Content-Length (the receiver always sends one).
 */
final class RawHttpConnection implements AutoCloseable {

  /** An answer: status and body text. */
  record Answer(int status, String body) {}

  private final Socket socket;
  private final OutputStream out;
  private final InputStream in;

  RawHttpConnection(int port) throws IOException {
    socket = new Socket("localhost", port);
    socket.setTcpNoDelay(true);
    out = socket.getOutputStream();
    in = new BufferedInputStream(socket.getInputStream());
  }

  Answer post(String path, String contentType, String authorization, byte[] body)
      throws IOException {
    StringBuilder head =
        new StringBuilder()
            .append("POST ")
            .append(path)
            .append(" HTTP/1.1\r\nHost: localhost\r\nUser-Agent: Alertmanager/0.25.0\r\n")
            .append("Content-Type: ")
            .append(contentType)
            .append("\r\nContent-Length: ")
            .append(body.length)
            .append("\r\n");
    if (authorization != null) {
      head.append("Authorization: ").append(authorization).append("\r\n");
    }
    head.append("\r\n");
    out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    out.write(body);
    out.flush();
    return read();
  }

  private Answer read() throws IOException {
    String status = line();
    int code = Integer.parseInt(status.split(" ", 3)[1]);
    int length = -1;
    for (String header = line(); !header.isEmpty(); header = line()) {
      int colon = header.indexOf(':');
      if (header.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("content-length")) {
        length = Integer.parseInt(header.substring(colon + 1).trim());
      }
    }
    if (length < 0) {
      throw new IOException("answer without Content-Length: " + status);
    }
    return new Answer(code, new String(in.readNBytes(length), StandardCharsets.UTF_8));
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
