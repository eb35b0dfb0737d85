package com.sinalize.tv.core;

import java.util.Locale;

/**
 * The server address a technician types on the first-run screen, made into the base URL the app
 * loads {@code /player} from. Lenient about what people type on a remote ("192.168.0.10:3000",
 * "https://sinal.exemplo.com.br/player/"), strict about what it accepts: http or https, a host, an
 * optional port, no path (the player and its API live at the server's root).
 */
public final class ServerAddress {
    private ServerAddress() {}

    /** Why an address was refused, in pt-BR for the first-run screen. */
    public static final class Invalid extends Exception {
        public Invalid(String message) {
            super(message);
        }
    }

    /** "http(s)://host[:port]" (lowercase scheme and host, no trailing slash), or {@link Invalid}. */
    public static String normalize(String input) throws Invalid {
        String text = input == null ? "" : input.trim();
        if (text.isEmpty()) throw new Invalid("Digite o endereço do servidor.");
        if (text.matches(".*\\s.*")) throw new Invalid("O endereço não pode ter espaços.");
        String scheme = "http";
        int sep = text.indexOf("://");
        if (sep >= 0) {
            scheme = text.substring(0, sep).toLowerCase(Locale.ROOT);
            text = text.substring(sep + 3);
            if (!scheme.equals("http") && !scheme.equals("https")) throw new Invalid("Use um endereço http:// ou https://.");
        }
        int slash = indexOfAny(text, "/?#");
        String authority = slash >= 0 ? text.substring(0, slash) : text;
        String rest = slash >= 0 ? text.substring(slash) : "";
        if (authority.contains("@")) throw new Invalid("O endereço não pode ter usuário ou senha.");
        String path = stripTrailingSlashes(rest);
        if (path.equals("/player")) path = "";
        if (!path.isEmpty()) throw new Invalid("Use só o endereço do servidor, sem caminho (ex.: http://192.168.0.10:3000).");

        String host = authority;
        String port = "";
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) throw new Invalid("Endereço IPv6 incompleto.");
            host = authority.substring(0, close + 1);
            String after = authority.substring(close + 1);
            if (!after.isEmpty()) {
                if (!after.startsWith(":")) throw new Invalid("Endereço inválido.");
                port = after.substring(1);
            }
        } else {
            int colon = authority.lastIndexOf(':');
            if (colon >= 0) {
                host = authority.substring(0, colon);
                port = authority.substring(colon + 1);
            }
            if (!host.matches("[A-Za-z0-9.-]+") || host.startsWith(".") || host.endsWith(".") || host.startsWith("-")) {
                throw new Invalid("Endereço inválido: use o IP ou o nome do servidor.");
            }
        }
        if (host.isEmpty()) throw new Invalid("Falta o IP ou o nome do servidor.");
        if (!port.isEmpty()) {
            if (!port.matches("[0-9]{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535) {
                throw new Invalid("Porta inválida: use um número de 1 a 65535.");
            }
            // The scheme's own port says nothing: drop it, so one server has one address.
            if ((scheme.equals("http") && port.equals("80")) || (scheme.equals("https") && port.equals("443"))) port = "";
        }
        return scheme + "://" + host.toLowerCase(Locale.ROOT) + (port.isEmpty() ? "" : ":" + Integer.parseInt(port));
    }

    /** The page the kiosk shows for a normalized base address. */
    public static String playerUrl(String base) {
        return base + "/player";
    }

    /** True when a URL belongs to the server (same scheme, host and port): other pages never load in the kiosk. */
    public static boolean sameOrigin(String base, String url) {
        if (url == null) return false;
        String lower = url.toLowerCase(Locale.ROOT);
        String origin = base.toLowerCase(Locale.ROOT);
        if (!lower.startsWith(origin)) return false;
        if (lower.length() == origin.length()) return true;
        char next = lower.charAt(origin.length());
        return next == '/' || next == '?' || next == '#';
    }

    private static int indexOfAny(String text, String chars) {
        for (int i = 0; i < text.length(); i++) if (chars.indexOf(text.charAt(i)) >= 0) return i;
        return -1;
    }

    private static String stripTrailingSlashes(String path) {
        String p = path;
        while (p.endsWith("/")) p = p.substring(0, p.length() - 1);
        return p;
    }
}
