package io.strata.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LoopbackPortsTest {

  @Test
  void handsOutDistinctBindablePortsBelowTheEphemeralRange() throws Exception {
    Set<Integer> ports = new HashSet<>();
    for (int i = 0; i < 50; i++) {
      ports.add(LoopbackPorts.next());
    }
    assertThat(ports).hasSize(50);
    if (LoopbackPorts.ephemeralLow() > 11_000) {
      assertThat(ports)
          .allSatisfy(port -> assertThat(port).isBetween(10_000, LoopbackPorts.ephemeralLow() - 1));
    }
    int port = ports.iterator().next();
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      assertThat(socket.getLocalPort()).isEqualTo(port);
    }
  }

  @Test
  void readsTheLowerBoundOfTheKernelsRange() {
    assertThat(LoopbackPorts.ephemeralLow("32768\t60999\n")).isEqualTo(32_768);
    assertThat(LoopbackPorts.ephemeralLow("49152 65535")).isEqualTo(49_152);
  }

  @Test
  void fallsBackToLinuxsDefaultWhenTheRangeIsUnreadable() {
    assertThat(LoopbackPorts.ephemeralLow(null)).isEqualTo(32_768);
    assertThat(LoopbackPorts.ephemeralLow("")).isEqualTo(32_768);
    assertThat(LoopbackPorts.ephemeralLow("not a range")).isEqualTo(32_768);
  }
}
