"""A binding whose text is long (a constructor with many keyword arguments), then used."""


class Client:
    def __init__(self, host, port, user, password, timeout, retries, verify, proxy, agent, headers):
        self.host = host

    def fetch(self):
        return self.host


def main():
    client = Client(host="example.org", port=8443, user="someone-with-a-long-name", password="not-a-real-password",
                    timeout=30.0, retries=5, verify="/etc/ssl/certs/ca-certificates.crt", proxy=None,
                    agent="graphmind-test-agent/1.0 (+https://example.org/agent)", headers={"X-Long": "value" * 3})
    return client.fetch()


main()
