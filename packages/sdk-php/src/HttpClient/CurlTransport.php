<?php

declare(strict_types=1);

namespace Bahi\HttpClient;

/** The default transport, on ext-curl. One handle is kept so that calls reuse the connection. */
final class CurlTransport implements Transport
{
    /** curl errors that happen before any byte of the request is sent. */
    private const NOT_SENT = [
        CURLE_COULDNT_RESOLVE_PROXY,
        CURLE_COULDNT_RESOLVE_HOST,
        CURLE_COULDNT_CONNECT,
    ];

    private ?\CurlHandle $handle = null;

    /**
     * @param float $connectTimeout seconds to establish the connection, within the attempt's timeout
     */
    public function __construct(private readonly float $connectTimeout = 10.0)
    {
    }

    public function send(Request $request, float $timeout): Response
    {
        $handle = $this->handle ??= curl_init();
        curl_reset($handle);
        $headerLines = [];
        foreach ($request->headers as $name => $value) {
            $headerLines[] = $name . ': ' . $value;
        }
        // curl would otherwise send `Expect: 100-continue` for larger bodies and wait for an answer to it.
        $headerLines[] = 'Expect:';
        $responseHeaders = [];
        $options = [
            CURLOPT_URL => $request->url,
            CURLOPT_CUSTOMREQUEST => $request->method,
            CURLOPT_HTTPHEADER => $headerLines,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_TIMEOUT_MS => max(1, (int) ceil($timeout * 1000)),
            CURLOPT_CONNECTTIMEOUT_MS => max(1, (int) ceil(min($timeout, $this->connectTimeout) * 1000)),
            CURLOPT_NOSIGNAL => true,
            CURLOPT_HEADERFUNCTION => static function ($ch, string $line) use (&$responseHeaders): int {
                $colon = strpos($line, ':');
                if (str_starts_with($line, 'HTTP/')) {
                    $responseHeaders = []; // a new status line (after a 100 Continue): start afresh
                } elseif ($colon !== false) {
                    $name = strtolower(trim(substr($line, 0, $colon)));
                    $value = trim(substr($line, $colon + 1));
                    $responseHeaders[$name] = isset($responseHeaders[$name])
                        ? $responseHeaders[$name] . ', ' . $value
                        : $value;
                }
                return strlen($line);
            },
        ];
        if ($request->method === 'HEAD') {
            $options[CURLOPT_NOBODY] = true;
        }
        if ($request->body !== null) {
            $options[CURLOPT_POSTFIELDS] = $request->body;
        }
        curl_setopt_array($handle, $options);
        $body = curl_exec($handle);
        if ($body === false) {
            $errno = curl_errno($handle);
            throw new TransportException(
                sprintf('%s %s: %s (curl error %d)', $request->method, $request->url, curl_error($handle), $errno),
                $errno === CURLE_OPERATION_TIMEDOUT,
                in_array($errno, self::NOT_SENT, true)
            );
        }
        return new Response((int) curl_getinfo($handle, CURLINFO_RESPONSE_CODE), $responseHeaders, (string) $body);
    }
}
