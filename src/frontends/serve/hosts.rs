//! Which `Host` a request may name: only the server's own names, so that a page of another
//! site cannot drive it through a name of its own that resolves to this machine (DNS
//! rebinding). A name a browser sends is the one in the address bar, so it is one of these:
//!
//! - bound to loopback (the default): `localhost` or a loopback address (`127.0.0.1`, `[::1]`);
//! - bound to another address (0.0.0.0 for a classroom): `localhost`, any IP address (an
//!   address typed in the bar is no name another site controls), this machine's name (and
//!   `NAME.local`);
//! - and every name given with `--allow-host` (a classroom's DNS name);
//!
//! each with the port listened on (or none when that port is 80). docs/API.md says the same.

use std::net::{IpAddr, SocketAddr};

/// The names and the port a request's `Host` may carry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hosts {
    /// The address listened on (the teacher's page asks for the addresses pupils can type).
    bound: SocketAddr,
    port: u16,
    /// Bound to loopback: only loopback addresses are names of the server.
    loopback: bool,
    /// Lower case, no trailing dot, no port.
    names: Vec<String>,
}

impl Hosts {
    /// The names of a server listening on `bound`, with `extra` names (`--allow-host`).
    pub fn for_address(bound: SocketAddr, extra: &[String]) -> Hosts {
        let loopback = bound.ip().is_loopback();
        let mut names = vec!["localhost".to_string()];
        if !loopback {
            if let Some(name) = machine_name() {
                names.push(format!("{name}.local"));
                names.push(name);
            }
        }
        names.extend(extra.iter().map(|name| normal(name)));
        names.sort();
        names.dedup();
        Hosts {
            bound,
            port: bound.port(),
            loopback,
            names,
        }
    }

    /// The address the server listens on.
    pub fn bound(&self) -> SocketAddr {
        self.bound
    }

    /// Whether `host` (a `Host` header's value, or a request's authority) names this server.
    pub fn allows(&self, host: &str) -> bool {
        let Some((name, port)) = split(host) else {
            return false;
        };
        if port.unwrap_or(80) != self.port {
            return false;
        }
        let name = normal(name);
        if let Ok(ip) = name
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
        {
            return !self.loopback || ip.is_loopback();
        }
        self.names.contains(&name)
    }

    /// The accepted names, for a refusal's sentence: `localhost:8080, 127.0.0.1:8080, …`.
    pub fn described(&self) -> String {
        let port = |name: &str| format!("{name}:{}", self.port);
        let mut shown: Vec<String> = self.names.iter().map(|name| port(name)).collect();
        if self.loopback {
            shown.extend([port("127.0.0.1"), port("[::1]")]);
        } else {
            shown.push(format!("any IP address with port {}", self.port));
        }
        shown.join(", ")
    }
}

/// `name:port`, `[v6]:port`, `name` or `[v6]` as (name, port); None when malformed.
fn split(host: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = if host.starts_with('[') {
        let close = host.find(']')?;
        let (name, rest) = host.split_at(close + 1);
        match rest {
            "" => (name, None),
            _ => (name, Some(rest.strip_prefix(':')?)),
        }
    } else {
        match host.split_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (host, None),
        }
    };
    if name.is_empty() {
        return None;
    }
    let port = match port {
        None => None,
        Some(text) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
            Some(text.parse::<u16>().ok()?)
        }
        Some(_) => return None,
    };
    Some((name, port))
}

/// A name as compared: lower case, without the trailing dot of a fully qualified name.
fn normal(name: &str) -> String {
    name.trim().trim_end_matches('.').to_ascii_lowercase()
}

/// This machine's name (Linux: the kernel's hostname), when it can be read.
fn machine_name() -> Option<String> {
    let text = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .ok()?;
    let name = normal(&text);
    (!name.is_empty() && name != "localhost").then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(address: &str) -> SocketAddr {
        address.parse().unwrap()
    }

    #[test]
    fn a_loopback_server_answers_its_loopback_names_on_its_port_only() {
        let hosts = Hosts::for_address(at("127.0.0.1:8080"), &[]);
        for good in [
            "localhost:8080",
            "LOCALHOST:8080",
            "localhost.:8080",
            "127.0.0.1:8080",
            "[::1]:8080",
            "127.0.0.2:8080",
        ] {
            assert!(hosts.allows(good), "{good}");
        }
        for bad in [
            "evil.example:8080",
            "evil.example",
            "localhost",
            "localhost:80",
            "localhost:8081",
            "localhost:08080x",
            "192.168.1.2:8080",
            "[::1]",
            "[::1]8080",
            ":8080",
            "",
            "localhost:",
            "localhost.evil.example:8080",
            "a:b:8080",
        ] {
            assert!(!hosts.allows(bad), "{bad}");
        }
        let on_80 = Hosts::for_address(at("[::1]:80"), &[]);
        assert!(on_80.allows("localhost") && on_80.allows("[::1]") && on_80.allows("[::1]:80"));
        assert!(!on_80.allows("localhost:8080"));
        assert!(hosts.described().contains("localhost:8080"));
    }

    #[test]
    fn a_network_server_answers_ip_addresses_its_name_and_the_names_given() {
        let hosts = Hosts::for_address(at("0.0.0.0:9000"), &["Class.Example.".to_string()]);
        for good in [
            "192.168.1.2:9000",
            "10.0.0.1:9000",
            "[fe80::1]:9000",
            "localhost:9000",
            "class.example:9000",
        ] {
            assert!(hosts.allows(good), "{good}");
        }
        for bad in ["evil.example:9000", "class.example:9001", "192.168.1.2"] {
            assert!(!hosts.allows(bad), "{bad}");
        }
        if let Some(name) = machine_name() {
            assert!(hosts.allows(&format!("{name}:9000")));
            assert!(hosts.allows(&format!("{name}.local:9000")));
        }
    }
}
