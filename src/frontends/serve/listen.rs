//! What `jg serve` says when it starts: the listening line of docs/API.md (scripts read it)
//! and, for an address that is not loopback, the warning that the network can reach it.

use std::net::SocketAddr;

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
}
