package org.logplab.net;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a node listens: a host (name or IP address) and a UDP port.
 *
 * @param host the host name or IP address
 * @param port the UDP port, 1..65535
 */
public record PeerAddress(String host, int port) {
    public PeerAddress {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("a peer address needs a host");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " of " + host + " is outside 1..65535");
        }
    }

    /**
     * Reads {@code host:port} (IPv6 hosts in brackets, {@code [::1]:40100}).
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static PeerAddress parse(String text) {
        String t = text.strip();
        int colon = t.lastIndexOf(':');
        if (colon <= 0 || colon == t.length() - 1) {
            throw new IllegalArgumentException("peer '" + text + "' is not host:port");
        }
        String host = t.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            return new PeerAddress(host, Integer.parseInt(t.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("peer '" + text + "' has no numeric port");
        }
    }

    /**
     * Reads a peer list: one {@code host:port} per entry, node {@code i} the {@code i}-th; blank
     * entries and {@code #} comments are skipped.
     *
     * @throws IllegalArgumentException if an entry is malformed, an address repeats, or there are none
     */
    public static List<PeerAddress> parseList(List<String> entries) {
        List<PeerAddress> peers = new ArrayList<>();
        for (String e : entries) {
            String line = e.contains("#") ? e.substring(0, e.indexOf('#')) : e;
            if (line.isBlank()) {
                continue;
            }
            PeerAddress a = parse(line);
            if (peers.contains(a)) {
                throw new IllegalArgumentException("peer " + a + " is listed twice (as node " + peers.indexOf(a)
                        + " and node " + peers.size() + ")");
            }
            peers.add(a);
        }
        if (peers.isEmpty()) {
            throw new IllegalArgumentException("the peer list is empty");
        }
        return peers;
    }

    /** The Aeron UDP channel of this address. */
    String channel(int termLength) {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return "aeron:udp?endpoint=" + h + ":" + port + "|term-length=" + termLength;
    }

    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    /**
     * {@code n} addresses on the loopback interface with UDP ports that were free a moment ago
     * (held together while chosen, so they differ).
     */
    public static List<PeerAddress> loopback(int n) throws java.io.IOException {
        List<java.net.DatagramSocket> held = new ArrayList<>();
        try {
            List<PeerAddress> peers = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                java.net.DatagramSocket s = new java.net.DatagramSocket(0, java.net.InetAddress.getLoopbackAddress());
                held.add(s);
                peers.add(new PeerAddress("127.0.0.1", s.getLocalPort()));
            }
            return peers;
        } finally {
            held.forEach(java.net.DatagramSocket::close);
        }
    }
}
