/** `network:` in config.yaml — where the app's own fetches (web, browser, image URLs) may go. */
import { z } from 'zod';

export const NetworkConfigSchema = z.object({
  /**
   * Loopback, private or link-local hosts the web and browser tools may reach without asking:
   * `host` or `host:port` (`[::1]:8080` for IPv6). Commands stay without them: their hosts are
   * `sandbox.network.allowed_domains`.
   */
  allowed_local_hosts: z.array(z.string().trim().min(1)).default([]),
});
