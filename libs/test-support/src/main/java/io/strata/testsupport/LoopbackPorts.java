package io.strata.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Listen ports for child processes that must be told theirs before they start (a service's HTTP
 * port, a broker restarted on the same port after a kill).
 *
 * <p>Why not {@code new ServerSocket(0)}: that port comes from the kernel's ephemeral range, and
 * between closing the probe and the child binding it (seconds, while JVMs start) the same range
 * hands ports to every outgoing connection and every other {@code bind(0)} on the machine. A Kafka
 * client's connection, or the simulator's own listeners, can take the port, and the child then
 * fails to start ("port in use"); a client reconnecting to a broker that is down can even connect
 * to itself when its local port is the broker's. Ports below the ephemeral range are never handed
 * out implicitly, so a port found free there stays free until someone binds it by number. Each port
 * is handed out once per JVM, and the choice is random so that parallel JVMs rarely meet.
 */
public final class LoopbackPorts {

  /** Linux's file; its first number is the lowest ephemeral port. */
  private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

  /** Linux's default lower bound, used when the file cannot be read. */
  private static final int DEFAULT_EPHEMERAL_LOW = 32_768;

  /** Below the registered ports most developer tools use (8080, 9092, 9090, ...). */
  private static final int LOWEST = 10_000;

  private static final int ATTEMPTS = 200;
  private static final Set<Integer> HANDED_OUT = new HashSet<>();

  private LoopbackPorts() {}

  /** A loopback port nothing listens on, outside the ephemeral range, not handed out before. */
  public static synchronized int next() {
    int highest = ephemeralLow() - 1;
    if (highest - LOWEST < 1_000) {
      // An unusual kernel setting leaves no room below the range: take the kernel's choice.
      return remember(kernelChoice());
    }
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int i = 0; i < ATTEMPTS; i++) {
      int port = random.nextInt(LOWEST, highest + 1);
      if (!HANDED_OUT.contains(port) && free(port)) {
        return remember(port);
      }
    }
    throw new IllegalStateException(
        "no free loopback port in " + LOWEST + ".." + highest + " after " + ATTEMPTS + " tries");
  }

  /**
   * The lowest ephemeral port in the contents of {@code ip_local_port_range} ("32768\t60999"), or
   * Linux's default when the text is missing or not two numbers.
   */
  static int ephemeralLow(String range) {
    if (range == null) {
      return DEFAULT_EPHEMERAL_LOW;
    }
    String[] bounds = range.trim().split("\\s+");
    try {
      return bounds.length == 2 ? Integer.parseInt(bounds[0]) : DEFAULT_EPHEMERAL_LOW;
    } catch (NumberFormatException e) {
      return DEFAULT_EPHEMERAL_LOW;
    }
  }

  /** This machine's lowest ephemeral port. */
  static int ephemeralLow() {
    try {
      return ephemeralLow(Files.readString(EPHEMERAL_RANGE));
    } catch (IOException | SecurityException e) {
      return DEFAULT_EPHEMERAL_LOW;
    }
  }

  private static boolean free(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static int kernelChoice() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on loopback", e);
    }
  }

  private static int remember(int port) {
    HANDED_OUT.add(port);
    return port;
  }
}
