//! What `jg serve` says when it starts: the listening line of docs/API.md (scripts read it);
//! bound to every interface (`--bind 0.0.0.0`), the addresses other machines can type, one a
//! line; and, for an address that is not loopback, the warning that the network can reach it.

use std::net::{IpAddr, SocketAddr};

/// `jg serve: listening on http://127.0.0.1:8080/` (an IPv6 address in brackets).
pub fn listening_line(address: SocketAddr) -> String {
    format!("jg serve: listening on http://{address}/")
}

/// The warning for an address other machines can reach (0.0.0.0, ::, a network address);
/// None for loopback (127.0.0.0/8, ::1).
pub fn exposure_warning(address: SocketAddr) -> Option<String> {
    if address.ip().is_loopback() {
        return None;
    }
    let everywhere = if address.ip().is_unspecified() {
        " (every network interface of this machine)"
    } else {
        ""
    };
    Some(format!(
        "jg serve: warning: listening on {}{everywhere}, which is not loopback: anyone who can \
         reach this machine on port {} can use the server",
        address.ip(),
        address.port()
    ))
}

/// The addresses of this machine's network interfaces other than loopback (and other than
/// IPv6 link-local ones, which need an interface name to be typed), IPv4 first, each once.
pub fn network_addresses() -> Vec<IpAddr> {
    let mut addresses: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|interface| interface.ip())
        .filter(|ip| typeable(*ip))
        .collect();
    addresses.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    addresses.dedup();
    addresses
}

/// Whether another machine can reach `ip` by typing it: not loopback, not unspecified, not an
/// IPv6 link-local address (fe80::/10, which needs a zone).
fn typeable(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => !v4.is_loopback() && !v4.is_unspecified(),
        IpAddr::V6(v6) => {
            !v6.is_loopback() && !v6.is_unspecified() && (v6.segments()[0] & 0xffc0) != 0xfe80
        }
    }
}

/// What `jg serve` prints on stdout after the listening line when it listens on every
/// interface (0.0.0.0, or :: for IPv4 and IPv6): one line for each address of this machine that
/// others can type, `jg serve: on the network: http://192.168.1.20:8080/` (IPv4 only for
/// 0.0.0.0), or a line saying there is none. Nothing for any other address, which the listening
/// line names already.
pub fn network_lines(bound: SocketAddr, addresses: &[IpAddr]) -> Vec<String> {
    if !bound.ip().is_unspecified() {
        return Vec::new();
    }
    let shown = network_urls(bound, addresses);
    if shown.is_empty() {
        return vec![format!(
            "jg serve: this machine has no network address besides loopback: other machines \
             cannot reach it (connect it to the network, then start jg serve again)"
        )];
    }
    shown
        .iter()
        .map(|url| format!("jg serve: on the network: {url}"))
        .collect()
}

/// The addresses other machines can type to reach a server listening on `bound`, as links
/// (`http://192.168.1.20:8080/`): those of `addresses` when it listens on every interface (IPv4
/// only for 0.0.0.0), `bound` itself when it is a network address, none on loopback.
/// `GET /api/addresses` gives them to the teacher's page, the lines above print them.
pub fn network_urls(bound: SocketAddr, addresses: &[IpAddr]) -> Vec<String> {
    let shown: Vec<SocketAddr> = if bound.ip().is_unspecified() {
        addresses
            .iter()
            .filter(|ip| typeable(**ip) && (bound.is_ipv6() || ip.is_ipv4()))
            .map(|ip| SocketAddr::new(*ip, bound.port()))
            .collect()
    } else if typeable(bound.ip()) {
        vec![bound]
    } else {
        Vec::new()
    };
    shown
        .iter()
        .map(|address| format!("http://{address}/"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_is_the_contracts_and_only_loopback_goes_unwarned() {
        let at = |text: &str| text.parse::<SocketAddr>().unwrap();
        assert_eq!(
            listening_line(at("127.0.0.1:8080")),
            "jg serve: listening on http://127.0.0.1:8080/"
        );
        assert_eq!(
            listening_line(at("[::1]:9000")),
            "jg serve: listening on http://[::1]:9000/"
        );
        for quiet in ["127.0.0.1:80", "127.1.2.3:80", "[::1]:80"] {
            assert_eq!(exposure_warning(at(quiet)), None, "{quiet}");
        }
        for open in [
            "0.0.0.0:8080",
            "[::]:8080",
            "192.168.1.20:8080",
            "10.0.0.1:1",
        ] {
            let warning = exposure_warning(at(open)).expect(open);
            assert!(warning.contains("not loopback"), "{warning}");
        }
        assert!(exposure_warning(at("0.0.0.0:8080"))
            .unwrap()
            .contains("every network interface"));
    }

    #[test]
    fn every_interface_prints_the_addresses_others_can_type() {
        let at = |text: &str| text.parse::<SocketAddr>().unwrap();
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        let machine = [
            ip("192.168.1.20"),
            ip("10.0.0.7"),
            ip("127.0.0.1"),
            ip("::1"),
            ip("fe80::1"),
            ip("2001:db8::5"),
        ];
        assert_eq!(
            network_lines(at("0.0.0.0:8080"), &machine),
            [
                "jg serve: on the network: http://192.168.1.20:8080/",
                "jg serve: on the network: http://10.0.0.7:8080/",
            ]
        );
        assert_eq!(
            network_lines(at("[::]:9000"), &machine)[2],
            "jg serve: on the network: http://[2001:db8::5]:9000/"
        );
        assert_eq!(network_lines(at("[::]:9000"), &machine).len(), 3);
        // A given address is named by the listening line already; loopback needs nothing.
        assert!(network_lines(at("192.168.1.20:8080"), &machine).is_empty());
        assert!(network_lines(at("127.0.0.1:8080"), &machine).is_empty());
        let alone = network_lines(at("0.0.0.0:8080"), &[ip("127.0.0.1")]);
        assert_eq!(alone.len(), 1);
        assert!(alone[0].contains("no network address besides loopback"));
        // The machine's own list: typeable addresses only.
        assert!(network_addresses().iter().all(|ip| typeable(*ip)));
    }

    #[test]
    fn the_teachers_page_gets_the_addresses_pupils_can_type() {
        let at = |text: &str| text.parse::<SocketAddr>().unwrap();
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        let machine = [ip("192.168.1.20"), ip("10.0.0.5"), ip("2001:db8::7")];
        assert_eq!(
            network_urls(at("0.0.0.0:8080"), &machine),
            ["http://192.168.1.20:8080/", "http://10.0.0.5:8080/"]
        );
        assert_eq!(
            network_urls(at("[::]:9000"), &machine)[2],
            "http://[2001:db8::7]:9000/"
        );
        assert_eq!(
            network_urls(at("192.168.1.20:8080"), &machine),
            ["http://192.168.1.20:8080/"]
        );
        assert!(network_urls(at("127.0.0.1:8080"), &machine).is_empty());
        assert!(network_urls(at("[::1]:8080"), &machine).is_empty());
        assert!(network_urls(at("0.0.0.0:8080"), &[ip("127.0.0.1")]).is_empty());
    }
}
