export * from '../../src/dev/stripe-simulator/fake-stripe';
