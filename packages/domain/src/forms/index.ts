export * from './formModel.ts';
