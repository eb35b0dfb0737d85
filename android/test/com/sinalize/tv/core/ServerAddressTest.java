package com.sinalize.tv.core;

public final class ServerAddressTest {
    public static void testAddsHttpWhenNoSchemeIsTyped() {
        Check.equal("http://192.168.0.10:3000", Check.normalized("  192.168.0.10:3000 "));
        Check.equal("http://tv-server", Check.normalized("tv-server"));
    }

    public static void testKeepsHttpsAndLowercasesSchemeAndHost() {
        Check.equal("https://sinal.exemplo.com.br", Check.normalized("HTTPS://Sinal.Exemplo.com.BR"));
    }

    public static void testDropsTrailingSlashesAndThePlayerPath() {
        Check.equal("http://10.0.0.2:8080", Check.normalized("http://10.0.0.2:8080/"));
        Check.equal("http://10.0.0.2:8080", Check.normalized("10.0.0.2:8080/player/"));
        Check.equal("https://sinal.exemplo.com.br", Check.normalized("https://sinal.exemplo.com.br/player"));
    }

    public static void testDropsTheSchemeDefaultPort() {
        Check.equal("http://servidor", Check.normalized("http://servidor:80"));
        Check.equal("https://servidor", Check.normalized("https://servidor:443"));
        Check.equal("http://servidor:443", Check.normalized("servidor:443"));
        Check.equal("http://servidor:8080", Check.normalized("servidor:08080"));
    }

    public static void testAcceptsIpv6Literals() {
        Check.equal("http://[fe80::1]:3000", Check.normalized("[fe80::1]:3000"));
    }

    public static void testRefusesWhatCannotBeTheServer() {
        Check.refused("", "Digite o endereço");
        Check.refused("   ", "Digite o endereço");
        Check.refused("ftp://servidor", "http:// ou https://");
        Check.refused("192.168.0.10 3000", "espaços");
        Check.refused("servidor:0", "Porta inválida");
        Check.refused("servidor:70000", "Porta inválida");
        Check.refused("servidor:abc", "Porta inválida");
        Check.refused("http://:3000", "Endereço inválido");
        Check.refused("http://servidor/painel", "sem caminho");
        Check.refused("http://user:senha@servidor", "usuário ou senha");
        Check.refused("serv_idor", "Endereço inválido");
        Check.refused("[fe80::1", "IPv6");
    }

    public static void testPlayerUrlAndOrigin() {
        Check.equal("http://10.0.0.2:3000/player", ServerAddress.playerUrl("http://10.0.0.2:3000"));
        Check.isTrue(ServerAddress.sameOrigin("http://10.0.0.2:3000", "http://10.0.0.2:3000/player"), "the player is the server's");
        Check.isTrue(ServerAddress.sameOrigin("http://10.0.0.2:3000", "http://10.0.0.2:3000"), "the bare origin is the server's");
        Check.isTrue(!ServerAddress.sameOrigin("http://10.0.0.2:3000", "http://10.0.0.2:30001/player"), "another port is not");
        Check.isTrue(!ServerAddress.sameOrigin("http://10.0.0.2:3000", "https://evil.example/"), "another host is not");
        Check.isTrue(!ServerAddress.sameOrigin("http://10.0.0.2:3000", null), "no url is not");
    }
}
