// The RabbitMQ adapter of the Broker port (RABBITMQ_URL): the API publishes over AMQP with
// publisher confirms; browsers connect to RabbitMQ's Web-STOMP and authenticate through the HTTP
// auth backend of ./auth-backend-routes.ts. '#' names are durable queues (persistent messages,
// declared by the API so browsers subscribe with `/amq/queue/…`), other names durable fanout
// exchanges. The connection is opened on first use and again after it is lost.
import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import { FANOUT_EXCHANGES, isDurableQueue, readableQueues, type Broker } from './broker';

interface Link {
  connection: ChannelModel;
  channel: ConfirmChannel;
}

export class RabbitMqBroker implements Broker {
  readonly kind = 'rabbitmq' as const;
  private link?: Promise<Link>;
  private readonly declared = new Set<string>();

  constructor(private readonly url: string) {}

  private open(): Promise<Link> {
    if (!this.link) {
      const opening = (async () => {
        const connection = await amqp.connect(this.url);
        const forget = () => {
          if (this.link === opening) this.link = undefined;
          this.declared.clear();
        };
        connection.on('close', forget);
        connection.on('error', forget);
        const channel = await connection.createConfirmChannel();
        channel.on('close', forget);
        channel.on('error', forget);
        // The shell's exchanges exist before any browser binds to them (`/exchange/X` does not declare).
        for (const exchange of FANOUT_EXCHANGES) await channel.assertExchange(exchange, 'fanout', { durable: true });
        return { connection, channel };
      })();
      opening.catch(() => {
        if (this.link === opening) this.link = undefined;
      });
      this.link = opening;
    }
    return this.link;
  }

  private async declare(channel: ConfirmChannel, destination: string): Promise<void> {
    if (this.declared.has(destination)) return;
    if (isDurableQueue(destination)) await channel.assertQueue(destination, { durable: true });
    else await channel.assertExchange(destination, 'fanout', { durable: true });
    this.declared.add(destination);
  }

  async publish(destination: string, body: unknown): Promise<void> {
    const { channel } = await this.open();
    await this.declare(channel, destination);
    const content = Buffer.from(JSON.stringify(body ?? null), 'utf8');
    const options = { persistent: true, contentType: 'application/json' };
    await new Promise<void>((resolve, reject) => {
      const settle = (error: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve());
      if (isDurableQueue(destination)) channel.sendToQueue(destination, content, options, settle);
      else channel.publish(destination, '', content, options, settle);
    });
  }

  async prepareUser(userId: string): Promise<void> {
    const { channel } = await this.open();
    for (const queue of readableQueues(userId)) await this.declare(channel, queue);
  }

  async close(): Promise<void> {
    const link = this.link;
    this.link = undefined;
    if (!link) return;
    try {
      await (await link).connection.close();
    } catch {
      // Already gone.
    }
  }
}
